import CVDCore

extension OverlayPlan {
    /// Everything a plan is laid out from but the ui scale and the text measure (which do not
    /// change while a window is open): when two are equal, so are their plans.
    public struct Inputs: Equatable, Sendable {
        /// Where the pictures are; nil before the first frame.
        public var geometry: ViewGeometry?
        public var state: ViewState
        /// What each pane simulates (the state's `renderedSimulations` unless given).
        public var simulations: [Simulation]
        public var window: FrameSize
        /// The source line or a transient message; nil once it has faded.
        public var footer: String?
        /// Badges show the mode (and severity) only, not the model.
        public var compact: Bool
        /// Per texture, one reading per probe in `state.probes`.
        public var probeReadings: [[ProbeReading]]
        public var caption: String?
        /// With the confusion map on, what its stripes mean and the picked colour.
        public var legend: Legend?
        /// The `i` overlay's lines, when it is shown.
        public var stats: [String]?
        public var check: CheckInput?

        public init(
            geometry: ViewGeometry?, state: ViewState, simulations: [Simulation]? = nil, window: FrameSize,
            footer: String?, compact: Bool, probeReadings: [[ProbeReading]] = [], caption: String? = nil,
            legend: Legend? = nil, stats: [String]? = nil, check: CheckInput? = nil
        ) {
            self.geometry = geometry
            self.state = state
            self.simulations = simulations ?? state.renderedSimulations
            self.window = window
            self.footer = footer
            self.compact = compact
            self.probeReadings = probeReadings
            self.caption = caption
            self.legend = legend
            self.stats = stats
            self.check = check
        }
    }

    /// The confusion map's legend: what its stripes mean, beside a swatch of the picked colour.
    public struct Legend: Equatable, Sendable {
        public let text: String
        public let colour: RGB8
        public init(text: String, colour: RGB8) { (self.text, self.colour) = (text, colour) }
    }
}
