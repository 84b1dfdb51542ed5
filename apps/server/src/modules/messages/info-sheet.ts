/**
 * The version of the depositor information sheet (the EU standard form for the statutory deposit
 * guarantee) that applications acknowledge and the application confirmation reproduces. Raise it
 * when the sheet's text changes, so each confirmation names the version the saver received.
 */
export const INFO_SHEET_VERSION = "2025-01";
