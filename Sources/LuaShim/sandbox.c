#include "edujam_shim.h"
