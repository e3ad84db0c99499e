import { downloadFrom } from '../../../lib/save-file';

export const downloadAdminFile = (fileId: string, fileName: string) =>
  downloadFrom('FileUpload/GetAdminFile', { fileId }, fileName);
