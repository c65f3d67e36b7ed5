// The vocabulary (money, calendar, the rate model) and the platform layer (files, locks, clock,
// JSON scanner) are part of the rates API: a module that imports FXRates sees them, and
// Foundation, without importing them itself.
@_exported import FXModel
@_exported import FXPlatform
