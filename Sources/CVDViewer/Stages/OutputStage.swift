/// What the view writes out besides the window: the lines on stdout (each once), the
/// snapshots and `--screenshot`, and what scripts and measurements asked of the run
/// (`RunProbes`: keys after N frames, the benchmark, the profile).
struct OutputStage {
    /// What stdout has been told (each line once).
    var said = StdoutLines()
    /// Where snapshots and `--screenshot` go, and whether one is due.
    var snapshots: SnapshotWriter
    /// Keys, screenshots and figures scripts asked for.
    var probes: RunProbes
}
