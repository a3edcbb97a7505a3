export declare function vapidKeyPair(): {
  publicKey: string;
  privateKey: string;
};
export declare function ensureDevVapidKeys(root: string): void;
