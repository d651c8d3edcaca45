import QRCode from 'qrcode';

/**
 * A QR code of `text` as a PNG data URL, for the login dialog's image (the contract's `qrImage`).
 * Drawn on the server with the pure-JS `qrcode` package: the console's CSP allows `data:` images,
 * and the browser needs no QR library.
 */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
