// DigraphKit: what the `digraph` command, the SwiftPM plugins and the tests share.
//
//   CheckRun          sources (manifests and Swift) -> graph -> rules -> suppress, ignore, baseline -> report
//   SwiftGeneration   graph -> generated files (header naming the sources), stale check, atomic write
//   GraphDrawing      graph -> DOT text (focus, collapse, size limits); pictures are drawn from it by
//                     DigraphGraphviz, which the library does not link
//   OutputPath        the one writer every output goes through
//
// Pure Swift, no C library: a package that uses it, or applies the plugins, needs no Graphviz.

@_exported import DigraphCore

@_exported import struct DigraphLoader.Baseline
@_exported import enum DigraphLoader.ManifestLoader
@_exported import struct DigraphLoader.ProjectConfiguration
// What the commands configure and call, beyond the pipeline above.
@_exported import struct DigraphPictures.DOTOptions
@_exported import struct DigraphReporters.Report
@_exported import enum DigraphReporters.ReportFormat
@_exported import struct DigraphReporters.TextReporter
@_exported import enum DigraphRules.RuleCatalog
@_exported import struct DigraphRules.RuleDescription
@_exported import enum DigraphSwiftGen.AccessLevel
@_exported import enum DigraphSwiftGen.StaleFile
@_exported import struct DigraphSwiftImport.BuildConfiguration
@_exported import enum DigraphSwiftImport.SwiftImporter
@_exported import enum DigraphSwiftImport.SwiftSourceFiles

/// The exit codes CI relies on, the same for every command and plugin.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The graph has errors (or warnings, when strict), or a generated file is stale.
    case graphHasErrors = 1
    /// The input could not be used: unreadable file, schema error, bad command line, unwritable output.
    case unusableInput = 2
}
