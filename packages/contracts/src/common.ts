export interface ErrorResponse { success: false; error: string }
export interface HealthResponse { success: boolean; database: 'up' | 'down' }
