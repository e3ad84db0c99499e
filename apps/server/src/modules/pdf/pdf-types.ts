/**
 * The few pdfmake document shapes we build. Not @types/pdfmake: its `/// <reference lib="dom" />`
 * would pull the browser's types into the whole server's typecheck.
 */
export type Content = string | Content[] | { [key: string]: unknown };
export type TDocumentDefinitions = {
  content: Content[];
  footer?: (currentPage: number, pageCount: number) => Content;
  [key: string]: unknown;
};
