// See eof-after-nested-directive.cpp.
#include "eof-nested-in-header.h"
}
