// libxml2's streaming reader, which fx-fetch reads the ECB's XML with.
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

// `xmlFree` is a global variable (a function pointer), which Swift 6 will not read unguarded.
static inline void fx_xml_free(void *pointer) { xmlFree(pointer); }
