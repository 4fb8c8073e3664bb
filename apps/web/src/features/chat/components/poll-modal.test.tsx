/**
 * The poll form's client id: a poll sent again after the server stored it but could not confirm
 * its delivery (503, decision 043) must carry the same id, so it is not posted twice, even after
 * the form was closed and opened again; an edited poll is another poll. The socket is a stub
 * that answers as the server would.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PollModal } from './poll-modal.tsx';

const { request } = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@fieldhouse/client/chat/realtime/chat-provider.tsx', () => ({ useChat: () => ({ socket: { request } }) }));
vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

const unconfirmed = () =>
  Object.assign(new Error('Saved, but not yet delivered to everyone: send it again'), { statusCode: 503 });

/** The client ids of the polls sent so far. */
const sentIds = () => request.mock.calls.map(([, payload]) => (payload as { clientId: string }).clientId);

function openForm(onClose = () => {}) {
  render(
    <MantineProvider>
      <PollModal roomId={3} opened onClose={onClose} />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Bus at 3?' } });
  fireEvent.change(screen.getByLabelText('Option 1'), { target: { value: 'Yes' } });
  fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: 'No' } });
}

const post = async (times: number) => {
  fireEvent.click(screen.getByRole('button', { name: 'Post poll' }));
  await waitFor(() => expect(request).toHaveBeenCalledTimes(times));
  // The button leaves its loading state once the answer is in.
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Post poll' }).getAttribute('data-loading')).toBeNull(),
  );
};

afterEach(() => request.mockReset());

describe('PollModal', () => {
  it('sends the same poll again under its id after an unconfirmed delivery, and an edited poll under a new one', async () => {
    request.mockRejectedValue(unconfirmed());
    openForm();
    await post(1);
    await post(2);
    const [first, second] = sentIds();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    // Closing the form or adding an empty option leaves the same poll: the same id.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: '  Bus at 3? ' } });
    await post(3);
    expect(sentIds()[2]).toBe(first);

    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Bus at 4?' } });
    await post(4);
    expect(sentIds()[3]).not.toBe(first);
    expect(request.mock.calls[3]?.[1]).toMatchObject({ roomId: 3, question: 'Bus at 4?', options: ['Yes', 'No'] });
  });

  it('closes once the poll is posted', async () => {
    request.mockResolvedValue({});
    const onClose = vi.fn();
    openForm(onClose);
    await post(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
