// The uploads module's public surface: other modules import from here, never its files.
export { deleteUpload } from './repository';
export { fileUrl, recordUpload, removeFile, type StoredImage, storeImage, withStoredImage } from './service';
