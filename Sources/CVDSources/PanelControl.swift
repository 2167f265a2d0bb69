/// A camera control as the view shows and changes it: the pipeline's own value type, so
/// the view never sees the device layer (`CameraControl`, which reads and writes it through
/// V4L2 on the capture thread; CVDCamera makes a PanelControl of it).
public struct PanelControl: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case integer
        case boolean
        /// Named entries (a menu, or an integer menu), by value.
        case menu([MenuEntry])
        case other
    }

    public struct MenuEntry: Sendable, Equatable {
        public let value: Int
        public let name: String

        public init(_ value: Int, _ name: String) {
            self.value = value
            self.name = name
        }
    }

    /// The driver's id, which requests (`CameraRequest.set`) name.
    public let id: UInt32
    /// The driver's name, e.g. "White Balance, Automatic".
    public let name: String
    /// What `--control` takes, e.g. white_balance_automatic.
    public let key: String
    public let kind: Kind
    public let range: ClosedRange<Int>
    /// The driver's step for integers (at least 1).
    public let step: Int
    public let defaultValue: Int
    /// The current value; nil when it could not be read.
    public let value: Int?
    /// Set by its automatic switch (the driver marks it inactive): changing it does nothing.
    public let automatic: Bool

    public init(
        id: UInt32, name: String, key: String, kind: Kind, range: ClosedRange<Int>, step: Int, defaultValue: Int,
        value: Int?, automatic: Bool
    ) {
        self.id = id
        self.name = name
        self.key = key
        self.kind = kind
        self.range = range
        self.step = max(1, step)
        self.defaultValue = defaultValue
        self.value = value
        self.automatic = automatic
    }
}
