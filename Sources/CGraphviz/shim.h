// The Graphviz C API digraph uses: gvc (context, layout, render) and cgraph (graphs, errors).
// Found through pkg-config (libgvc); on Debian it comes from libgraphviz-dev.
#include <gvc.h>
#include <cgraph.h>
