extension CheckCommand {
    /// What happened to one file, in the order a script reads the exit status.
    enum Outcome: Int32, Comparable {
        case safe = 0
        case notFullyChecked = 3
        case atRisk = 1
        case unreadable = 2
        case unwritten = 4

        /// 4 before 2 before 1 before 3 before 0.
        var rank: Int { [0: 0, 3: 1, 1: 2, 2: 3, 4: 4][Int(rawValue)]! }
        static func < (a: Outcome, b: Outcome) -> Bool { a.rank < b.rank }
    }
}
