export interface DemoDocument {
  title: string;
  firm: string;
  client: string;
  paragraphs: string[];
}

/**
 * A real, readable PDF for the demo: letterhead, title, client and body text. pdf-lib is loaded here, when the demo
 * is seeded, not by every start of a server whose demo is in place (3 MB of heap; decision 89).
 */
export async function renderDemoPdf(doc: DemoDocument, accentHex: string): Promise<Buffer> {
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setAuthor(doc.firm);
  pdf.setCreator('Portico demo seed');
  pdf.setCreationDate(new Date('2026-01-15T09:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-15T09:00:00Z'));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(accentHex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  page.drawRectangle({ x: 0, y: 800, width: 595.28, height: 42, color: rgb(r, g, b) });
  page.drawText(doc.firm, { x: 48, y: 814, size: 16, font: bold, color: rgb(1, 1, 1) });
  page.drawText(doc.title, { x: 48, y: 740, size: 20, font: bold });
  page.drawText(`Prepared for ${doc.client}`, {
    x: 48,
    y: 712,
    size: 11,
    font: regular,
    color: rgb(0.3, 0.3, 0.3),
  });
  let y = 670;
  for (const paragraph of doc.paragraphs) {
    for (const line of wrap(paragraph, 88)) {
      page.drawText(line, { x: 48, y, size: 11, font: regular });
      y -= 16;
    }
    y -= 10;
  }
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
