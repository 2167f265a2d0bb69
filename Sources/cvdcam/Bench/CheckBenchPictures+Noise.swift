import CVDCore

/// The random parts of the pictures: uniform numbers and smooth value noise, from a seed.
extension CheckBenchPictures {
    /// Uniform in 0…1 from SplitMix64 (`SceneRandom`).
    static func unit(_ rng: inout SceneRandom) -> Float { Float(rng.next() >> 40) / Float(1 << 24) }

    /// Smooth value noise: random values on a lattice of `cell`-pixel squares, blended with
    /// a smoothstep; 0…1.
    struct ValueNoise {
        let cell: Int
        let columns: Int
        let values: [Float]

        init(width: Int, height: Int, cell: Int, _ rng: inout SceneRandom) {
            self.cell = cell
            columns = width / cell + 2
            let rows = height / cell + 2
            values = (0..<(columns * rows)).map { _ in CheckBenchPictures.unit(&rng) }
        }

        /// The row's lattice row and its weight, for `at`.
        func row(_ y: Int) -> (Int, Float) {
            let f = Float(y % cell) / Float(cell)
            return ((y / cell) * columns, f * f * (3 - 2 * f))
        }

        @inline(__always) func at(_ x: Int, _ row: (Int, Float)) -> Float {
            let f = Float(x % cell) / Float(cell)
            let fx = f * f * (3 - 2 * f)
            let i = row.0 + x / cell
            let top = values[i] + (values[i + 1] - values[i]) * fx
            let bottom = values[i + columns] + (values[i + columns + 1] - values[i + columns]) * fx
            return top + (bottom - top) * row.1
        }
    }
}
