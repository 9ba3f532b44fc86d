/// A node of a picture, by what it stands for. Its `description` is its one spelling: the DOT node
/// name, the SVG element's id, the Mermaid node id and the id in the page's index.
indirect enum PictureNodeID: Hashable, CustomStringConvertible {
    /// A registration, by its index in the graph.
    case registration(Int)
    /// A key a registration provides, drawn in its module as an interface node.
    case interface(registration: Int, position: Int)
    /// A placeholder for a key nothing provides, numbered in the order placeholders are drawn.
    case missing(Int)
    /// A placeholder for an external key (app code hands it in), numbered likewise.
    case external(Int)
    /// A stand-in drawn once in a band (a module, -1 outside all) for a key many of its nodes use.
    case proxy(of: PictureNodeID, band: Int)

    var description: String {
        switch self {
        case .registration(let index): "r\(index)"
        case .interface(let registration, let position): "i\(registration)_\(position)"
        case .missing(let number): "missing\(number)"
        case .external(let number): "x\(number)"
        case .proxy(let target, let band): "h\(target)_\(band < 0 ? "n" : String(band))"
        }
    }
}
