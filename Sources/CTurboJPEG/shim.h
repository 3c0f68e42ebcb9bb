#ifndef PHOTOLALA_CTURBOJPEG_SHIM_H
#define PHOTOLALA_CTURBOJPEG_SHIM_H
// libjpeg-turbo's TurboJPEG API: grid renditions of JPEGs decode at 1/8 scale and encode here.
#include <stddef.h>
#include <turbojpeg.h>
#endif
