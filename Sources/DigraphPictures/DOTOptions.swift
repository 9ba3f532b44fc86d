import DigraphCore

/// What to draw and how. The defaults are chosen by `DOTEncoder` from the graph's size.
public struct DOTOptions: Sendable {
    public enum RankDirection: String, CaseIterable, Sendable {
        case topToBottom = "TB"
        case leftToRight = "LR"
    }

    public var rankDirection: RankDirection = .topToBottom
    /// Draw declared modules as clusters; without modules, each file that registers something (a
    /// Swinject assembly, an assembler, a manifest), when there are at least two.
    public var clusters = true
    /// One node per module with edge counts instead of one per registration.
    public var collapseModules = false
    /// Keys to centre the picture on (normalized), and how many edges away to reach, both ways.
    public var focusKeys: [String] = []
    public var depth = 1
    /// Draw the legend of lifetimes and edge kinds.
    public var legend = true
    /// Give nodes and edges SVG ids (`r12`, `e12_0`) and tooltips: what a node is and where it is
    /// written, every finding's full message.
    public var tooltips = true
    /// Tighten dot's layout limits for big graphs (see `DOTEncoder.layoutTier`). Off gives dot's
    /// defaults at any size: the best picture, and minutes for thousands of nodes.
    public var tuneLayoutForSize = true
    /// Shape a picture far wider than tall (see `PictureShape`): modules as bands of rows, wide
    /// levels folded, much-used keys drawn once per module. Off: dot ranks it.
    public var fold = true

    public init() {}
}
