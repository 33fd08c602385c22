/* docscan-run's C bridge to libmosquitto (an MQTT client): a client, its
 * login, an asynchronous connection served by libmosquitto's own network
 * thread, QoS 1 publishing, and the connect / disconnect / PUBACK events
 * handed to the Swift program through plain function pointers and a
 * context pointer. Nothing in here decides anything; the Swift program
 * does. Return codes are libmosquitto's (0 is success). */
#ifndef DOCSCAN_MOSQUITTO_SHIM_H
#define DOCSCAN_MOSQUITTO_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/* What the client reports, on libmosquitto's network thread. */
typedef struct {
  void *context;
  /* The broker's CONNACK: 0 accepted, otherwise why it refused (MQTT
   * 3.1.1's codes: 4 bad user name or password, 5 not authorised). */
  void (*connected) (void *context, int reason_code);
  /* The connection ended: 0 when asked for, anything else when it was lost. */
  void (*disconnected) (void *context, int reason_code);
  /* The broker acknowledged (PUBACK) the QoS 1 message `message_id`. */
  void (*acknowledged) (void *context, int message_id);
} DocScanMQTTEvents;

typedef struct DocScanMQTTClient DocScanMQTTClient;

/* libmosquitto's process-wide set-up; call once before any client. */
int docscan_mqtt_library_init (void);

/* A client with a clean session; NULL when it cannot be made. */
DocScanMQTTClient *docscan_mqtt_client_new (const char *client_id,
    DocScanMQTTEvents events);
/* Releases the client; its network thread must be stopped first. */
void docscan_mqtt_client_free (DocScanMQTTClient * client);

/* User name and password (the password may be NULL). */
int docscan_mqtt_client_set_login (DocScanMQTTClient * client,
    const char *username, const char *password);
/* Seconds between reconnection attempts, growing (libmosquitto's
 * exponential back-off) up to `maximum`. */
int docscan_mqtt_client_set_reconnect_delay (DocScanMQTTClient * client,
    unsigned int delay, unsigned int maximum);

/* Starts connecting without waiting for the broker (a refused or failed
 * attempt is retried by the network thread once it runs). */
int docscan_mqtt_client_connect (DocScanMQTTClient * client,
    const char *host, int port, int keepalive_seconds);
/* Starts libmosquitto's network thread: it sends, receives, reconnects. */
int docscan_mqtt_client_start (DocScanMQTTClient * client);
/* Sends DISCONNECT and waits for the network thread to end. */
int docscan_mqtt_client_stop (DocScanMQTTClient * client);

/* libmosquitto's MOSQ_ERR_NO_CONN. From docscan_mqtt_client_publish it
 * means the message was queued while there is no connection: it is sent,
 * under the same id, once the client is connected. */
#define DOCSCAN_MQTT_NOT_CONNECTED 4

/* Queues `payload` for `topic` at QoS 1, not retained; *message_id is the
 * id its PUBACK will carry. A message not acknowledged when the connection
 * drops is sent again by libmosquitto after it reconnects. */
int docscan_mqtt_client_publish (DocScanMQTTClient * client,
    const char *topic, const void *payload, int length, int *message_id);

/* libmosquitto's text for a return code, and for a CONNACK refusal. */
const char *docscan_mqtt_error_text (int code);
const char *docscan_mqtt_connack_text (int reason_code);

#ifdef __cplusplus
}
#endif

#endif
