declare const __APP_CHANNEL__: string;
