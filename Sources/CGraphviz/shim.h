// The Graphviz C API digraph uses: gvc (context, layout, render) and cgraph (graphs, errors).
// Found through pkg-config (libgvc); on Debian it comes from libgraphviz-dev, on macOS from
// Homebrew's graphviz. Built only with the package trait "Graphviz".
#include <gvc.h>
#include <cgraph.h>
#include <graphviz_version.h>
#include <stddef.h>

// Graphviz 13 changed gvRenderData's length from `unsigned int *` to `size_t *`. Releases that
// have the new signature define GRAPHVIZ_VERSION_MAJOR (older ones only PACKAGE_VERSION), so the
// length is passed in the type this header declares and handed to Swift as a size_t.
#if defined(GRAPHVIZ_VERSION_MAJOR) && GRAPHVIZ_VERSION_MAJOR >= 13
typedef size_t digraph_gv_length;
#else
typedef unsigned int digraph_gv_length;
#endif

static inline int digraph_render_data(GVC_t *context, graph_t *graph, const char *format,
                                      char **result, size_t *length) {
    digraph_gv_length written = 0;
    int status = gvRenderData(context, graph, format, result, &written);
    *length = (size_t)written;
    return status;
}
