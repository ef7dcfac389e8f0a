import type { AdminInquiry, INQUIRY_RESPONSE_MAX as CONTRACT_RESPONSE_MAX } from '@sports/contracts';
import { RespondDialog, useToast } from '@sports/ui';
import { useRespondToInquiry } from './api/use-respond-to-inquiry';

/** The longest answer the API takes; the annotation makes tsc fail if the contract's value changes. */
const RESPONSE_MAX: typeof CONTRACT_RESPONSE_MAX = 5000;
/** The contract's message for a blank answer (respondInquiryRequestSchema). */
const REQUIRED = 'A response message is required';

interface InquiryRespondDialogProps {
  inquiry: Pick<AdminInquiry, 'id' | 'name' | 'email' | 'message' | 'date'> | null;
  onClose: () => void;
}

/** Respond: the answer is mailed to the sender and the inquiry leaves the pending list. */
export function InquiryRespondDialog({ inquiry, onClose }: InquiryRespondDialogProps) {
  const toast = useToast();
  const respond = useRespondToInquiry();

  function close() {
    respond.reset();
    onClose();
  }

  return (
    <RespondDialog
      open={inquiry !== null}
      onClose={close}
      title={inquiry ? `Respond to ${inquiry.name}` : 'Respond'}
      about={
        inquiry ? (
          <>
            <p className="adm-inquiry-from">
              From {inquiry.name} ({inquiry.email}), received {inquiry.date}:
            </p>
            <blockquote className="adm-quote">{inquiry.message}</blockquote>
          </>
        ) : null
      }
      label="Your response"
      hint={inquiry ? `${inquiry.name} receives this answer by email at ${inquiry.email}.` : null}
      requiredMessage={REQUIRED}
      maxLength={RESPONSE_MAX}
      pending={respond.isPending}
      error={respond.error}
      onSend={(text) => {
        if (!inquiry) return;
        respond.mutate(
          { id: inquiry.id, text },
          {
            onSuccess: (answered) => {
              toast.success(`Response sent to ${answered.name} (${answered.email}).`);
              close();
            },
          },
        );
      }}
    />
  );
}
