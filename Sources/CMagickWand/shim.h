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
#include <wand/MagickWand.h>
#endif
