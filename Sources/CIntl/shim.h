// GNU gettext as glibc has it (libintl.h is not in Swift's Glibc module): gettext, dgettext,
// dngettext, bindtextdomain, bind_textdomain_codeset, textdomain; and setlocale's categories.
// glibc itself provides the symbols: nothing to link.
#include <libintl.h>
#include <locale.h>
