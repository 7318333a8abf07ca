// The bills module's public surface: other modules import from here, never its files.
export {};
