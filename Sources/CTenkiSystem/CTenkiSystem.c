#include "CTenkiSystem.h"
