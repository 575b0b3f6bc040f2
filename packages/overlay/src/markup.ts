/** Markup helpers shared by the renderer's parts: every text and attribute value goes through escapeXml. */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A number as short markup: whole numbers as they are, others to three decimals. */
export const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/\.?0+$/, ""));
