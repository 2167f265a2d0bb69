// PDF pages as pictures, through poppler's GLib interface (libpoppler-glib) and cairo. C,
// so that Swift sees these few calls and plain types, not GLib's and cairo's headers (whose
// include folders differ by architecture: Package.swift names them for the cross build).
// Swift: CVDImageIO.PDFDocument.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct cvd_pdf cvd_pdf;

/// Why `cvd_pdf_open` failed.
enum {
    /// A password is needed to open it (the user password; one that only restricts
    /// printing or copying, the owner password, is not needed to show the pages).
    CVD_PDF_ENCRYPTED = 1,
    /// It is damaged, cut short or no PDF at all: poppler could not find its pages.
    CVD_PDF_DAMAGED = 2,
    /// Any other failure (poppler's message says which).
    CVD_PDF_OTHER = 3,
    /// The copy of the bytes could not be allocated.
    CVD_PDF_NO_MEMORY = 4,
};

/// Opens the PDF in `bytes` (`count` bytes; copied: the caller may free them after). On
/// success the document; on failure NULL, `*problem` one of the codes above and `message`
/// (`message_len` bytes, NUL-terminated) poppler's words.
cvd_pdf *cvd_pdf_open(const uint8_t *bytes, size_t count, int *problem, char *message, size_t message_len);

/// How many pages the document has.
int cvd_pdf_page_count(const cvd_pdf *pdf);

/// The size of page `index` (from 0) in points (1/72 inch), turned as the page shows
/// (its /Rotate). 0 on success, -1 when there is no such page.
int cvd_pdf_page_size(cvd_pdf *pdf, int index, double *width, double *height);

/// Draws page `index` as it prints, `scale` pixels a point, on white paper, into `rgba`: a
/// `width` × `height` picture of 4 bytes a pixel (R, G, B, 255), rows tightly packed (the
/// caller's buffer of width × height × 4 bytes). Returns how many errors poppler reported
/// while drawing (0: the page drew whole; more: a part may be missing) and writes the first
/// into `message` (`message_len` bytes); -1 when there is no such page, -2 when cairo could
/// not draw (`message` says why).
int cvd_pdf_render(cvd_pdf *pdf, int index, double scale, uint8_t *rgba, int width, int height, char *message,
                   size_t message_len);

/// Closes the document (NULL: nothing).
void cvd_pdf_close(cvd_pdf *pdf);
