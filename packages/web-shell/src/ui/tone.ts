/** The tones a notice, a notification or a tag can take. */
export type Tone = 'info' | 'success' | 'warning' | 'error';
