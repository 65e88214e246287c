/** The check-in QR code as a PNG, for the confirmation e-mail (the sheet and the page draw their own). */
import QRCode from "qrcode";

export function checkInQrPng(url: string): Promise<Buffer> {
  // Level M survives a creased or dimly lit print; 400 px stays sharp at the e-mail's 200 px.
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 400 });
}
