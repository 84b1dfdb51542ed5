// Table types of the public site (issue 7) area; its migrations are numbered 0050-0059.
// biome-ignore lint/suspicious/noEmptyInterface: filled as the area adds tables
export interface ContentTables {}
