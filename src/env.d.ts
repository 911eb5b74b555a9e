/// <reference types="vite/client" />
declare const __APP_CHANNEL__: string;

interface ImportMetaEnv {
  readonly VITE_DEV_KEY?: string;
  readonly VITE_API_BASE?: string;
}
