// What the table component keeps on the page's window (for `tsc --checkJs`, npm run typecheck):
// plotly.js once per page (chart.js loadPlotly) and an AMD loader it hides meanwhile.
export {};

declare global {
  interface Window {
    /** plotly.js, once it has run on the page */
    Plotly?: any;
    /** the one pending load of plotly.js that every table of the page waits for */
    __warWidgetPlotly?: Promise<any> | null;
    /** an AMD loader (RequireJS) of the page, hidden while plotly.js runs */
    define?: unknown;
  }
}
