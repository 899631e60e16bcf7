// The Hessian line response of a picture: how strongly each pixel sits on a thin dark or bright line.

/// Per pixel: the strongest scale-normalised response over the sigmas asked for, for dark lines (darker than
/// both sides) and bright ones; with geometry, also the line's unit normal and the winning sigma.
struct LineResponse: Sendable {
    let width: Int
    let height: Int
    var dark: [Float]
    var bright: [Float]
    var normalX: [Float]
    var normalY: [Float]
    var sigma: [Float]

    /// Sigmas for the fill's guard: enough to tell a line from flat surroundings, cheap.
    static let guardSigmas: [Float] = [1, 2, 4]
    /// Sigmas for finding wires 1 to about 20 px wide.
    static let wireSigmas: [Float] = [1, 1.5, 2, 3, 4, 6]

    static func measure(gray: [UInt8], width: Int, height: Int, sigmas: [Float], withGeometry: Bool) -> LineResponse? {
        OpenCVRetouch.lineResponse(gray: gray, width: width, height: height, sigmas: sigmas, withGeometry: withGeometry)
    }

    func strength(_ polarity: LinePolarity, at i: Int) -> Float { polarity == .dark ? dark[i] : bright[i] }
}

/// Whether a line is darker or brighter than what surrounds it.
public enum LinePolarity: String, Sendable, Codable {
    case dark
    case bright
}
