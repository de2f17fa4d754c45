// The worker and the decoders pdf.js compiles from WebAssembly are files of the build (Vite's `?url`): never a
// CDN, and scripts of this origin. The server lets that one worker compile WebAssembly (front-ends.ts).

import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import jbig2Wasm from 'pdfjs-dist/wasm/jbig2.wasm?url';
import openJpegWasm from 'pdfjs-dist/wasm/openjpeg.wasm?url';

/**
 * The decoders by the name pdf.js asks for: JBIG2 (black-and-white scans) and JPEG 2000. (ICC colour profiles
 * would need the worker to fetch by itself; without it pdf.js converts their colours approximately.)
 */
const WASM_FILES: Record<string, string> = {
  'jbig2.wasm': jbig2Wasm,
  'openjpeg.wasm': openJpegWasm,
};

/**
 * Hands pdf.js's worker the decoders it asks for by file name from their hashed build addresses (pdf.js would
 * join one folder and the name, which a build with hashed names has not). Built-in CMaps and standard font data
 * are not shipped: fonts a PDF does not embed are drawn with the system's.
 */
class BuiltBinaryData {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind === 'wasmUrl' ? WASM_FILES[filename] : undefined;
    if (!url) throw new Error(`pdf.js asked for ${kind} ${filename}, which the build does not carry.`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}.`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** pdf.js, loaded on the first PDF preview only: its own chunk, and its worker beside it. */
export async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}

/** What `getDocument` needs to reach the decoders above: the worker asks the page, which fetches them. */
export const BUILT_DECODERS = { useWorkerFetch: false, BinaryDataFactory: BuiltBinaryData } as const;

export type PdfJs = Awaited<ReturnType<typeof loadPdfJs>>;
