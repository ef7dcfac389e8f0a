/** An expected failure with the HTTP status and the message the client sees as `{ success: false, error }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string): AppError => new AppError(400, message);
export const notFound = (message: string): AppError => new AppError(404, message);
