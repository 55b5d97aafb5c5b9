// What the promotion phone pair answers (GET checkPhone, POST savePhone), for server and console.

export interface PromotionPhoneView {
  phoneNo: string;
  /** Already left for the promotion: saving it again is refused. */
  saved: boolean;
  savedAt: string | null;
}
