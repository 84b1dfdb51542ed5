// Table types of the back office (issue 6) area; its migrations are numbered 0040-0049.
// biome-ignore lint/suspicious/noEmptyInterface: filled as the area adds tables
export interface BackOfficeTables {}
