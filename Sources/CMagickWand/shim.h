#ifndef PHOTOLALA_CMAGICKWAND_SHIM_H
#define PHOTOLALA_CMAGICKWAND_SHIM_H
// SwiftPM drops the -D flags pkg-config reports for MagickWand, so define them here
// before the header reads them (Debian's ImageMagick 6 is Q16 without HDRI).
#ifndef MAGICKCORE_QUANTUM_DEPTH
#define MAGICKCORE_QUANTUM_DEPTH 16
#endif
#ifndef MAGICKCORE_HDRI_ENABLE
#define MAGICKCORE_HDRI_ENABLE 0
#endif
// MagickCore's config defines _GNU_SOURCE, which renames fd_set's fields; include the libc
// headers first with the toolchain's default feature macros so they match the copies Dispatch
// (pulled in by Foundation) builds, or Swift refuses the two definitions of fd_set.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/time.h>
#include <time.h>
#include <wand/MagickWand.h>
#endif
