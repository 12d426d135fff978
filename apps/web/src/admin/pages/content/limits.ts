/** The upload limits and their messages, from the contract (the server refuses the same). */
import { adminContent } from '@portal/contract/refs';

export const LIMITS = {
  imageMaxBytes: adminContent.CONTENT_LIMITS.imageMaxBytes,
  fileMaxBytes: adminContent.CONTENT_LIMITS.fileMaxBytes,
  imageTooLarge: adminContent.ADMIN_CONTENT_MSG.imageTooLarge,
  fileTooLarge: adminContent.ADMIN_CONTENT_MSG.fileTooLarge,
} as const;
