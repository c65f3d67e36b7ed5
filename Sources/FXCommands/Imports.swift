// The vocabulary (money, calendar, the rate model) and Foundation (Essentials where the platform has
// it) for every file of this module, through one re-export instead of an import in each file.
@_exported import FXModel
