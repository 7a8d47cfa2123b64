#include "../../CLua/CLua.h"
