import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { checkAndEncode, InvalidImageError } from './image-work';
import type { ImageReply, ImageRequest } from './images';
import { IMAGE_THREAD_NICE } from './sharp';
import { putFileSync } from './storage';

// The image thread (lib/images.ts starts it): every upload is checked and re-encoded here, so
// sharp's calls and the garbage of the decoded pixels stay off the event loop (issue 19).

// This thread does nothing but images: it waits, like libvips' threads, behind sign-ins and the
// event loop. On Linux the nice value is per thread (pid 0 is the calling thread).
try {
  setPriority(0, IMAGE_THREAD_NICE);
} catch {
  // Not Linux, or a process already running at a higher nice value.
}

const port = parentPort!;

port.on('message', (request: ImageRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});

async function answer({ id, input, use, writeTo }: ImageRequest): Promise<ImageReply> {
  try {
    const image = await checkAndEncode(
      Buffer.from(input.buffer, input.byteOffset, input.byteLength),
      use,
    );
    if (!writeTo) return { id, image };
    // On disk from here: the bytes never cross back to the event loop.
    putFileSync(writeTo[image.extension], image.data!);
    return { id, image: { ...image, data: null } };
  } catch (error) {
    if (error instanceof InvalidImageError) return { id, problem: error.problem };
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}
