import { z } from 'zod';

export const ZUserMessage = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  relatedCardId: z.string().nullable(),
});
export const ZUserMessageListResponse = z.array(ZUserMessage);
export type TUserMessage = z.infer<typeof ZUserMessage>;
