// Table types of the investing (issue 4) area; its migrations are numbered 0020-0029.
// biome-ignore lint/suspicious/noEmptyInterface: filled as the area adds tables
export interface InvestTables {}
