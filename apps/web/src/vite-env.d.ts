// Build-time constants injected by vite.config.ts `define`.
declare const __BUILD_VERSION__: string;
declare const __BUILD_TIMESTAMP__: number;
