import ArgumentParser
import CVDCore
import CVDViewModel

/// `--straighten X,Y:X,Y:X,Y:X,Y`: a page's four corners in picture pixels, any order,
/// as eight numbers; a shape no page can have (corners repeated, three in a line, one
/// inside the others) is refused here, the picture's size once it is known.
enum PageCorners {
    static func parse(_ text: String) throws -> [Double] {
        let numbers = text.split(separator: ":").flatMap { $0.split(separator: ",") }.map { Double(String($0).trimmed) }
        guard numbers.count == 8, numbers.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 && $0! <= 100_000 }) else {
            throw ValidationError(
                "--straighten takes the page's four corners in picture pixels, X,Y:X,Y:X,Y:X,Y (e.g. 102,80:1180,64:1230,700:60,690); not \"\(text)\""
            )
        }
        // The shape, whatever the picture's size: four distinct corners, no three in a line,
        // none inside the others (`PageShape`; the size is checked once the picture is known).
        let n = numbers.map { $0! }
        let scale = max(1, n.max() ?? 1)
        let points = stride(from: 0, to: 8, by: 2).map { Point(n[$0] / scale, n[$0 + 1] / scale) }
        if let problem = PageShape.problem(points),
            problem != Message("the page would be less than 1 %% of the picture")
        {
            throw ValidationError("--straighten \(text): \(problem.english); give the page's four corners")
        }
        return n
    }
}
