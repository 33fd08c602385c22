/* See mosquitto_shim.h. libmosquitto calls back with its own client and a
 * user pointer; here that pointer is the bridge, which forwards the event
 * to the Swift program's function with the Swift program's context. */
#include <stdbool.h>
#include <stdlib.h>

#include <mosquitto.h>

#include "mosquitto_shim.h"

_Static_assert (DOCSCAN_MQTT_NOT_CONNECTED == MOSQ_ERR_NO_CONN,
    "DOCSCAN_MQTT_NOT_CONNECTED is libmosquitto's MOSQ_ERR_NO_CONN");

struct DocScanMQTTClient {
  struct mosquitto *mosquitto;
  DocScanMQTTEvents events;
};

static void
on_connect (struct mosquitto *mosquitto, void *user, int reason_code)
{
  DocScanMQTTClient *client = user;

  (void) mosquitto;
  if (client->events.connected)
    client->events.connected (client->events.context, reason_code);
}

static void
on_disconnect (struct mosquitto *mosquitto, void *user, int reason_code)
{
  DocScanMQTTClient *client = user;

  (void) mosquitto;
  if (client->events.disconnected)
    client->events.disconnected (client->events.context, reason_code);
}

static void
on_publish (struct mosquitto *mosquitto, void *user, int message_id)
{
  DocScanMQTTClient *client = user;

  (void) mosquitto;
  if (client->events.acknowledged)
    client->events.acknowledged (client->events.context, message_id);
}

int
docscan_mqtt_library_init (void)
{
  return mosquitto_lib_init ();
}

DocScanMQTTClient *
docscan_mqtt_client_new (const char *client_id, DocScanMQTTEvents events)
{
  DocScanMQTTClient *client = calloc (1, sizeof *client);

  if (!client)
    return NULL;
  client->events = events;
  client->mosquitto = mosquitto_new (client_id, true, client);
  if (!client->mosquitto) {
    free (client);
    return NULL;
  }
  mosquitto_connect_callback_set (client->mosquitto, on_connect);
  mosquitto_disconnect_callback_set (client->mosquitto, on_disconnect);
  mosquitto_publish_callback_set (client->mosquitto, on_publish);
  return client;
}

void
docscan_mqtt_client_free (DocScanMQTTClient * client)
{
  if (!client)
    return;
  mosquitto_destroy (client->mosquitto);
  free (client);
}

int
docscan_mqtt_client_set_login (DocScanMQTTClient * client,
    const char *username, const char *password)
{
  return mosquitto_username_pw_set (client->mosquitto, username, password);
}

int
docscan_mqtt_client_set_reconnect_delay (DocScanMQTTClient * client,
    unsigned int delay, unsigned int maximum)
{
  return mosquitto_reconnect_delay_set (client->mosquitto, delay, maximum,
      true);
}

int
docscan_mqtt_client_connect (DocScanMQTTClient * client, const char *host,
    int port, int keepalive_seconds)
{
  return mosquitto_connect_async (client->mosquitto, host, port,
      keepalive_seconds);
}

int
docscan_mqtt_client_start (DocScanMQTTClient * client)
{
  return mosquitto_loop_start (client->mosquitto);
}

int
docscan_mqtt_client_stop (DocScanMQTTClient * client)
{
  mosquitto_disconnect (client->mosquitto);
  return mosquitto_loop_stop (client->mosquitto, false);
}

int
docscan_mqtt_client_publish (DocScanMQTTClient * client, const char *topic,
    const void *payload, int length, int *message_id)
{
  return mosquitto_publish (client->mosquitto, message_id, topic, length,
      payload, 1, false);
}

const char *
docscan_mqtt_error_text (int code)
{
  return mosquitto_strerror (code);
}

const char *
docscan_mqtt_connack_text (int reason_code)
{
  return mosquitto_connack_string (reason_code);
}
