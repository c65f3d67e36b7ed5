// Foundation (Essentials where the platform has it) for every file of this module, through the
// platform layer, instead of a conditional import in each file.
@_exported import FXPlatform
