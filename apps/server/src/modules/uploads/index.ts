// The uploads module's public surface: other modules import from here, never its files.
export { deleteUpload } from './repository';
export {
  fileUrl,
  readStoredFile,
  recordUpload,
  removeFile,
  type StoredFile,
  storedFiles,
  type StoredImage,
  storeImage,
  withStoredImage,
} from './service';
export { rehashProofs, type RehashSummary } from './rehash';
